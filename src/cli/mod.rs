//! The command line: `check`, `solve`, output formats, file walking and exit codes.
