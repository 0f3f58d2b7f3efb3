# events
