"""The site's own date formats (Django's FORMAT_MODULE_PATH): only where Django's differ from how the site's
readers write dates."""
