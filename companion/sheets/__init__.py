"""Score sheets as PDF, blank and filled (reportlab, loaded only when a sheet is made)."""
