package store

var RebindForTest = rebind
