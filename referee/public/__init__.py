"""The pages parents and schools read: the pages, their cached parts and the throttle in front of them."""
