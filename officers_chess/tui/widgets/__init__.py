"""Widgets of the battle screen: the tile grid, unit sheet, forecast pane and status line."""
