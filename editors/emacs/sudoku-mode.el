;;; sudoku-mode.el --- Major mode for .sudoku puzzle files, with Eglot and sudoku-lsp -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1"))
;; SPDX-License-Identifier: MIT OR Apache-2.0

;;; Commentary:

;; `sudoku-mode' for files in the .sudoku format: `#' comments, highlighting of givens, blanks,
;; separators and directives, and an entry for the sudoku-lsp language server in
;; `eglot-server-programs'.  Start the server with M-x eglot, or on every file with
;; (add-hook 'sudoku-mode-hook #'eglot-ensure).
;;
;; The tutor: M-x sudoku-hint shows the next step of the puzzle at point (and marks the cells
;; that prove it until the next edit), M-x sudoku-apply-next-step applies it.  In `sudoku-mode'
;; they are on C-c C-h and C-c C-n.

;;; Code:

(require 'seq)
(require 'subr-x)

(defgroup sudoku nil
  "Editing .sudoku puzzle files."
  :group 'languages)

(defcustom sudoku-lsp-command '("sudoku-lsp" "server")
  "The command that starts the sudoku-lsp language server over stdio."
  :type '(repeat string))

(defcustom sudoku-lsp-initialization-options
  '(:showSolutions :json-false :maxDiagnostics 1000 :hints "nudge")
  "Editor settings sent to the server in `initialize'.
`:showSolutions' lets hovers and `Fill r3c5' titles show solution
digits; `:maxDiagnostics' caps the diagnostics of one file;
`:hints' is what `sudoku-hint' shows: \"nudge\" (the technique and
where) or \"full\" (the whole step, digit included)."
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

(declare-function eglot--current-server-or-lose "eglot")
(declare-function eglot--TextDocumentPositionParams "eglot")
(declare-function eglot--apply-workspace-edit "eglot")
(declare-function jsonrpc-request "jsonrpc")

(defun sudoku--at-point ()
  "The server's cursor argument `{uri, position}' for point."
  (let ((params (eglot--TextDocumentPositionParams)))
    (list :uri (plist-get (plist-get params :textDocument) :uri)
          :position (plist-get params :position))))

(defun sudoku-hint ()
  "Show the next step of the puzzle at point; it writes nothing.
The server says it in the echo area and marks the cells that prove
it until the next edit.  Returns the step as `sudoku-lsp explain'
shapes it (a plist)."
  (interactive)
  (let ((step (jsonrpc-request (eglot--current-server-or-lose) :workspace/executeCommand
                               (list :command "sudoku.hint"
                                     :arguments (vector (sudoku--at-point))))))
    (if step
        (message "%s" (plist-get step :message))
      (message "No hint here: the puzzle must have exactly one solution"))
    step))

(defun sudoku-apply-next-step ()
  "Apply the next step of the puzzle at point.
A plain grid gets the steps up to the next placed digit, a
pencil-mark grid exactly the next step.  Returns the action's title."
  (interactive)
  (let* ((at (eglot--TextDocumentPositionParams))
         (range (list :start (plist-get at :position) :end (plist-get at :position)))
         (actions (jsonrpc-request (eglot--current-server-or-lose) :textDocument/codeAction
                                   (list :textDocument (plist-get at :textDocument)
                                         :range range
                                         :context (list :diagnostics [] :only ["refactor.rewrite"]))))
         (action (seq-find (lambda (a) (string-prefix-p "Apply next step: " (plist-get a :title)))
                           actions)))
    (if (not action)
        (user-error "No step to apply here: the puzzle must have exactly one solution")
      (eglot--apply-workspace-edit (plist-get action :edit))
      (message "%s" (plist-get action :title))
      (plist-get action :title))))

(defun sudoku-lsp-version ()
  "Say which sudoku-lsp binary `sudoku-lsp-command' starts, and its version.
The binary is looked up on `exec-path' as Eglot would start it; its
`--version' answer names the version and the commit it was built
from.  Returns (PATH . VERSION), or signals a `user-error' when the
binary is not found or does not answer."
  (interactive)
  (let* ((program (car sudoku-lsp-command))
         (path (and program (executable-find program))))
    (unless path
      (user-error "sudoku-lsp: `%s' not found on exec-path; install it (pip install sudoku-lsp) or set `sudoku-lsp-command'"
                  program))
    (with-temp-buffer
      (let ((status (condition-case err
                        (call-process path nil t nil "--version")
                      (error (error-message-string err))))
            (answer (string-trim (buffer-string))))
        (unless (and (eql status 0) (string-prefix-p "sudoku-lsp " answer))
          (user-error "sudoku-lsp: `%s --version' failed (%s): %s" path status answer))
        (message "sudoku-lsp: %s, %s" path answer)
        (cons path answer)))))

(defvar sudoku-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "C-c C-h") #'sudoku-hint)
    (define-key map (kbd "C-c C-n") #'sudoku-apply-next-step)
    map)
  "Keys of `sudoku-mode'.")

;;;###autoload
(define-derived-mode sudoku-mode prog-mode "Sudoku"
  "Major mode for .sudoku puzzle files."
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+[ \t]*")
  (setq-local syntax-propertize-function sudoku-syntax-propertize)
  (setq-local font-lock-defaults '(sudoku-font-lock-keywords)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.sudoku\\'" . sudoku-mode))

;; The other puzzle formats the server reads: SadMan/SudoCue .sdk, .sdm and .sdx, Simple Sudoku
;; .ss, OpenSudoku XML.
;;;###autoload
(add-to-list 'auto-mode-alist '("\\.\\(sdk\\|sdm\\|sdx\\|ss\\|opensudoku\\)\\'" . sudoku-mode))

(defconst sudoku-csv-mode-entry '("\\.[ct]sv\\'" . sudoku-mode)
  "The `auto-mode-alist' entry `sudoku-csv' adds.")

(defcustom sudoku-csv nil
  "Non-nil: open .csv and .tsv files in `sudoku-mode', so the server checks them.
Off by default, so that other tables keep their mode.  Set it with
`customize' or `setopt' (not `setq'), which add or remove the entry."
  :type 'boolean
  :group 'sudoku
  :set (lambda (symbol value)
         (set-default symbol value)
         (if value
             (add-to-list 'auto-mode-alist sudoku-csv-mode-entry)
           (setq auto-mode-alist (delete sudoku-csv-mode-entry auto-mode-alist)))))

(defvar eglot-server-programs)

(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               `(sudoku-mode . (lambda (&rest _)
                                 (append sudoku-lsp-command
                                         (list :initializationOptions
                                               sudoku-lsp-initialization-options))))))

(provide 'sudoku-mode)
;;; sudoku-mode.el ends here
