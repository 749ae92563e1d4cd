"""Loading and validating the YAML content: catalogues, maps and scenarios, with file-and-line errors."""
