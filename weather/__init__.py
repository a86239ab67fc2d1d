"""Weather notices: whether a match day goes ahead under the Observatory's signals and the bureau's announcements."""
