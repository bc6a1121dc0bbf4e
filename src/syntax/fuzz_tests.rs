//! Random bytes and random edits of valid files: the reader never panics and every range it returns is in bounds.
