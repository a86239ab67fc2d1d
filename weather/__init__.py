"""Weather notices: does a match day go ahead under the Observatory's signals and the bureau's word?"""
