//! Finding the puzzle files under a folder: the one walk that the CLI's `check` and the
//! language server's workspace scan share, so that both skip the same files.

use std::path::{Path, PathBuf};

/// Whether `path` names a puzzle file: its extension is `sudoku`.
pub fn is_sudoku(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "sudoku")
}

/// Whether a folder's walk picks up `path` (docs/formats.md): `*.sudoku`, `*.sdk`, `*.sdm`,
/// `*.sdx`, `*.ss` and `*.opensudoku` files (every extension [`Format::of_path`] names), and `*.csv`/`*.tsv` files whose header names a puzzle column, so a repository's
/// other tables are not linted.
pub fn is_puzzle_file(path: &Path) -> bool {
    use crate::syntax::formats::{has_puzzle_header, Format};
    match Format::of_path(path) {
        Some(Format::Csv) => {
            let mut head = Vec::new();
            let read = std::fs::File::open(path).and_then(|f| {
                std::io::Read::read_to_end(&mut std::io::Read::take(f, 4096), &mut head)
            });
            read.is_ok() && has_puzzle_header(&String::from_utf8_lossy(&head))
        }
        Some(_) => true,
        None => false,
    }
}

/// A walk over a folder that skips hidden files and folders and what `.gitignore`, `.ignore`
/// and git's exclude files leave out, honouring `.gitignore` even outside a git repository (a
/// folder of puzzles need not be one). Symbolic links are not followed.
///
/// The configuration's `exclude` globs are the caller's to apply, with [`Walk::prune`] or file
/// by file, since each caller finds its configuration its own way.
pub struct Walk {
    builder: ignore::WalkBuilder,
}

impl Walk {
    /// A walk over `root` and everything below it.
    pub fn new(root: &Path) -> Self {
        let mut builder = ignore::WalkBuilder::new(root);
        builder.require_git(false).follow_links(false);
        Walk { builder }
    }

    /// Goes at most `depth` levels below the root (1: only the root's own entries).
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.builder.max_depth(Some(depth));
        self
    }

    /// Leaves out every file and folder below the root for which `skip` is true, without
    /// looking inside a folder left out. The root itself is always walked.
    pub fn prune(mut self, skip: impl Fn(&Path) -> bool + Send + Sync + 'static) -> Self {
        self.builder
            .filter_entry(move |entry| entry.depth() == 0 || !skip(entry.path()));
        self
    }

    /// Every entry the walk visits (the root, folders, files of any name), and the errors met
    /// on the way (a folder that cannot be read, a broken ignore file).
    pub fn entries(self) -> ignore::Walk {
        self.builder.build()
    }

    /// The puzzle files (see [`is_puzzle_file`]) the walk visits, and the errors met
    /// on the way.
    pub fn files(self) -> impl Iterator<Item = Result<PathBuf, ignore::Error>> {
        self.files_and(|_| false)
    }

    /// [`Walk::files`], and the files `include` adds (a configuration's `[files]`, see
    /// [`crate::config::ProjectConfig::includes`]).
    pub fn files_and(
        self,
        include: impl Fn(&Path) -> bool,
    ) -> impl Iterator<Item = Result<PathBuf, ignore::Error>> {
        self.entries().filter_map(move |result| match result {
            Ok(entry) => {
                let is_file = entry.file_type().is_some_and(|t| t.is_file());
                let path = entry.path();
                let picked = is_file && (is_puzzle_file(path) || include(path));
                picked.then(|| Ok(entry.into_path()))
            }
            Err(e) => Some(Err(e)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn skips_hidden_ignored_pruned_and_other_files() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for folder in ["a", "a/deep", ".hidden", "ignored", "pruned", "dir.sudoku"] {
            fs::create_dir_all(root.join(folder)).unwrap();
        }
        for file in [
            "top.sudoku",
            "notes.txt",
            "a/one.sudoku",
            "a/deep/two.sudoku",
            "a/skip.sudoku",
            ".hidden/h.sudoku",
            ".dot.sudoku",
            "ignored/i.sudoku",
            "pruned/p.sudoku",
        ] {
            fs::write(root.join(file), "").unwrap();
        }
        // Not a git repository: the .gitignore counts all the same, as does .ignore.
        fs::write(root.join(".gitignore"), "ignored/\n").unwrap();
        fs::write(root.join("a/.ignore"), "skip.sudoku\n").unwrap();
        let found = |walk: Walk| {
            let mut found: Vec<String> = walk
                .files()
                .map(|f| {
                    let f = f.unwrap();
                    let relative = f.strip_prefix(root).unwrap().to_string_lossy();
                    relative.replace('\\', "/")
                })
                .collect();
            found.sort();
            found
        };
        assert_eq!(
            found(Walk::new(root)),
            [
                "a/deep/two.sudoku",
                "a/one.sudoku",
                "pruned/p.sudoku",
                "top.sudoku"
            ]
        );
        let pruned = Walk::new(root).prune(|p| p.ends_with("pruned") || p.ends_with("a"));
        assert_eq!(found(pruned), ["top.sudoku"]);
        // The root is walked even when the pruning rule would leave it out.
        let everything = Walk::new(&root.join("a")).prune(|p| p.ends_with("a"));
        assert_eq!(found(everything), ["a/deep/two.sudoku", "a/one.sudoku"]);
        assert_eq!(found(Walk::new(root).max_depth(1)), ["top.sudoku"]);
    }
}
