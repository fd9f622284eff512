"""Printed forms of the sheet: text, HTML, PDF."""
