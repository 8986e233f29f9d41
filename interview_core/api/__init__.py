"""The HTTP API (FastAPI): a thin shell over the session API for survey tools and many processes."""
