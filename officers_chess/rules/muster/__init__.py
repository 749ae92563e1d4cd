"""Army building: the army a tactician brings, and the hiring, outfitting and deployment steps before a battle."""
