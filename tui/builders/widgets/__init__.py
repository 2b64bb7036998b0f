"""The board of Builders of Egypt, one widget per part."""
