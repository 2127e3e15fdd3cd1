package catalog

// CountryCodes is countryCodes for the black-box tests.
var CountryCodes = countryCodes
