from dsl.cli.main import main

raise SystemExit(main())
