"""Browser entry point: PyScript runs this file; everything else lives in the package."""
from ludotheque.web.app import main

main()
