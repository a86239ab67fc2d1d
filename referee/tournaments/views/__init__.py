"""Views stay thin: read the request, call a service or a selector, render."""
