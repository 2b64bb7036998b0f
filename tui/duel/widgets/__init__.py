"""The Duel's board widgets."""
