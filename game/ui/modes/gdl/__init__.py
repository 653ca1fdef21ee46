"""Screens for Xconq GDL modules: the module picker and the hex-map game screen."""
