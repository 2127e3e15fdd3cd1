package push

// Decrypt opens a push message as the browser does (tests of the delivery).
var Decrypt = decrypt
