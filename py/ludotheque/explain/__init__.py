"""Explainer kit: annotated records rendered into static frames a viewer steps through
without Python (explain.html), and the rules pages built from them. See docs/embed.md."""
