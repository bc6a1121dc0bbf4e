;;; sudoku-mode.el --- Major mode for .sudoku puzzle files, with Eglot and sudoku-lsp -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1"))
;; SPDX-License-Identifier: MIT OR Apache-2.0

;;; Commentary:

;; `sudoku-mode' for files in the .sudoku format: `#' comments, highlighting of givens, blanks,
;; separators and directives, and an entry for the sudoku-lsp language server in
;; `eglot-server-programs'.  Start the server with M-x eglot, or on every file with
;; (add-hook 'sudoku-mode-hook #'eglot-ensure).

;;; Code:

(defgroup sudoku nil
  "Editing .sudoku puzzle files."
  :group 'languages)

(defcustom sudoku-lsp-command '("sudoku-lsp" "server")
  "The command that starts the sudoku-lsp language server over stdio."
  :type '(repeat string))

(defcustom sudoku-lsp-initialization-options '(:showSolutions :json-false :maxDiagnostics 1000)
  "Editor settings sent to the server in `initialize'.
`:showSolutions' lets hovers and `Fill r3c5' titles show solution
digits; `:maxDiagnostics' caps the diagnostics of one file."
  :type 'plist)

(defvar sudoku-mode-syntax-table
  (let ((table (make-syntax-table)))
    ;; `#' and `/' are plain punctuation; `sudoku-syntax-propertize' marks the ones that start
    ;; a comment.  A newline ends a comment.
    (modify-syntax-entry ?# "." table)
    (modify-syntax-entry ?/ "." table)
    (modify-syntax-entry ?\n ">" table)
    table)
  "Syntax table for `sudoku-mode'.")

(defconst sudoku-syntax-propertize
  (syntax-propertize-rules
   ;; `#' starts a comment at the start of a line or after whitespace, not inside a word
   ;; (`@url https://example.org/#top' keeps its anchor).
   ("\\(?:^\\|[ \t]\\)\\(#\\)" (1 "<"))
   ;; `//' after a puzzle's cells (not in a directive, where it is part of a URL).
   ("^[ \t]*[^@# \t\n][^\n/]*\\(/\\)/" (1 "<")))
  "Marks the characters that start comments in .sudoku files.")

(defconst sudoku-font-lock-keywords
  `(;; Directives: known keys, then unknown ones (a warning from the server).
    (,(concat "^[ \t]*\\(@\\(?:title\\|author\\|source\\|url\\|date\\|id\\|tags\\|level"
              "\\|rating\\|size\\|box\\|symbols\\|solution\\|allow\\)\\)\\_>")
     (1 font-lock-preprocessor-face))
    ("^[ \t]*\\(@[^ \t\n]*\\)" (1 font-lock-warning-face))
    ;; Separator lines between bands.
    ("^[-=+|*.:' \t\u2500-\u257f]*[-=\u2500\u2501\u2550][-=+|*.:' \t\u2500-\u257f]*$" . font-lock-comment-delimiter-face)
    ;; Cells in rows and one-liners; a directive's value keeps its own face.
    ("[|,\u2502\u2503\u2551]" . font-lock-delimiter-face)
    ("[1-9A-Pa-p]" . font-lock-constant-face))
  "Highlighting for `sudoku-mode'.")

;;;###autoload
(define-derived-mode sudoku-mode prog-mode "Sudoku"
  "Major mode for .sudoku puzzle files."
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+[ \t]*")
  (setq-local syntax-propertize-function sudoku-syntax-propertize)
  (setq-local font-lock-defaults '(sudoku-font-lock-keywords)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.sudoku\\'" . sudoku-mode))

(defvar eglot-server-programs)

(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               `(sudoku-mode . (lambda (&rest _)
                                 (append sudoku-lsp-command
                                         (list :initializationOptions
                                               sudoku-lsp-initialization-options))))))

(provide 'sudoku-mode)
;;; sudoku-mode.el ends here
