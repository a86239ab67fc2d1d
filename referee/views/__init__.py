"""Views by audience: organiser, referee, public; thin over services and selectors."""
