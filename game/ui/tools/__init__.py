"""Input tools: select, move, target, measure; the app keeps them in a stack."""
