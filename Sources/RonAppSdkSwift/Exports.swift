@_exported import RonGenerated
