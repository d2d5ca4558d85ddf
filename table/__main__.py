from table.commands.cli import main

raise SystemExit(main())
