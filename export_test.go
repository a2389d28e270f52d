package robots

// QueriesToIndex is how many queries of a File's Group make it build the
// group's matcher: tests of memory and speed ask that many to measure it.
const QueriesToIndex = scanQueries + 1
