"""The operator's settings screen on the table: its model (model), how it is drawn and touched (views, controls,
keyboard) and how the app carries out its requests (desk). The settings themselves: table.operator_settings."""
