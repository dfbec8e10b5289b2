from rummy_tui.cli import main

raise SystemExit(main())
