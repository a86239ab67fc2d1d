"""Weather pages by audience: `public` (no login) and `organiser`."""
