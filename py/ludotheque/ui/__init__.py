"""Screens as HTML text, built from engine views: pure Python, so pytest can check them.

The browser glue (ludotheque.web) only puts this text in the page and sends back
the `data-action` of what was tapped; no rule is decided here.
"""
