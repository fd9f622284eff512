"""titan-campaign: a campaign manager for Campaign Titan."""
