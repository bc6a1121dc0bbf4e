;;; test.el --- Emacs + Eglot batch test of editors/emacs against the real sudoku-lsp -*- lexical-binding: t; -*-

;; Run: SUDOKU_LSP=target/debug/sudoku-lsp emacs --batch -Q -l tests/editors/emacs/test.el
;; Opens a fixture with a duplicate digit, starts Eglot as M-x eglot would, waits for Flymake to
;; hold the server's diagnostics, checks their lines, columns and codes, blanks the duplicate and
;; waits for them to clear. Exits 0 when every check passes, 1 otherwise.

;;; Code:

(require 'package)
;; -Q skips Debian's site start files, which would activate the elpa-eglot package.
(let ((package-directory-list (list "/usr/share/emacs/site-lisp/elpa")))
  (package-initialize))
(require 'eglot)
(require 'json)
(require 'flymake)

(defvar sudoku-test-passed 0)
(defvar sudoku-test-timeout 30.0)

(defun sudoku-test-log (fmt &rest args)
  (princ (concat (apply #'format fmt args) "\n") #'external-debugging-output))

(defun sudoku-test-check (ok what)
  (if ok
      (progn (setq sudoku-test-passed (1+ sudoku-test-passed))
             (sudoku-test-log "ok - %s" what))
    (error "%s" what)))

(defun sudoku-test-wait (pred)
  "Pump the event loop until PRED is non-nil or the timeout passes; return PRED's value."
  (let ((deadline (+ (float-time) sudoku-test-timeout))
        (value nil))
    (while (and (not (setq value (funcall pred))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun sudoku-test-diags ()
  "Flymake's diagnostics in the buffer as (LINE COLUMN TEXT), 0-based like the fixtures."
  (mapcar (lambda (d)
            (save-excursion
              (goto-char (flymake-diagnostic-beg d))
              (list (1- (line-number-at-pos)) (- (point) (line-beginning-position))
                    (flymake-diagnostic-text d))))
          (flymake-diagnostics)))

(let* ((here (file-name-directory (or load-file-name buffer-file-name)))
       (repo (expand-file-name "../../.." here))
       (fixtures (expand-file-name "../fixtures" here))
       (server (expand-file-name (or (getenv "SUDOKU_LSP") "target/debug/sudoku-lsp") repo))
       (expected (json-read-file (expand-file-name "expected.json" fixtures)))
       (defect (alist-get 'defect expected))
       (workdir (make-temp-file "sudoku-emacs-" t))
       (status 1))
  (unwind-protect
      (condition-case err
          (progn
            (sudoku-test-check (file-executable-p server)
                               (format "server binary at %s (run cargo build, or set SUDOKU_LSP)" server))
            ;; The mode byte-compiles without a warning (on a copy: the checkout stays clean).
            (let ((copy (expand-file-name "sudoku-mode.el" workdir))
                  (byte-compile-error-on-warn t))
              (copy-file (expand-file-name "editors/emacs/sudoku-mode.el" repo) copy)
              (sudoku-test-check (byte-compile-file copy) "sudoku-mode.el byte-compiles cleanly")
              (delete-file copy)
              (delete-file (concat copy "c")))
            ;; Installed as editors/README.md says.
            (add-to-list 'load-path (expand-file-name "editors/emacs" repo))
            (require 'sudoku-mode)
            (setq sudoku-lsp-command (list server "server"))
            ;; The mode names the binary it starts and that binary's version.
            (let ((said (sudoku-lsp-version)))
              (sudoku-test-check (and (equal (car said) server)
                                      (string-match-p "\\`sudoku-lsp [0-9]+\\.[0-9]+\\.[0-9]+" (cdr said)))
                                 (format "sudoku-lsp-version names the binary and its version: %S" said)))
            (let* ((file (expand-file-name (alist-get 'file defect) workdir)))
              (copy-file (expand-file-name (alist-get 'file defect) fixtures) file)
              (find-file file)
              (sudoku-test-check (eq major-mode 'sudoku-mode) "auto-mode-alist gives sudoku-mode")
              (let ((in-comment (lambda (text)
                                  (with-temp-buffer
                                    (sudoku-mode)
                                    (insert text)
                                    (syntax-ppss-flush-cache (point-min))
                                    (nth 4 (syntax-ppss (1- (point-max))))))))
                (sudoku-test-check (funcall in-comment "# a comment") "a # line is a comment")
                (sudoku-test-check (funcall in-comment "8..|...|... # note") "# after cells is a comment")
                (sudoku-test-check (funcall in-comment "8..|...|... // note") "// after cells is a comment")
                (sudoku-test-check (not (funcall in-comment "@url https://example.org/x#top"))
                                   "# inside a word is no comment"))
              ;; What M-x eglot does, without its prompts.
              (apply #'eglot (eglot--guess-contact))
              (sudoku-test-check (sudoku-test-wait (lambda () (eglot-current-server)))
                                 "eglot connected to sudoku-lsp")
              (sudoku-test-check (bound-and-true-p flymake-mode) "eglot turned on flymake")
              (let* ((want (append (alist-get 'diagnostics defect) nil))
                     (hit (lambda (w diags)
                            (seq-find (lambda (d)
                                        (and (= (nth 0 d) (alist-get 'line w))
                                             ;; Emacs counts characters; for this line they
                                             ;; equal the UTF-16 units Eglot converted from.
                                             (= (nth 1 d) (alist-get 'utf16 w))
                                             (string-match-p (regexp-quote (format "[%s]" (alist-get 'code w)))
                                                             (nth 2 d))))
                                      diags)))
                     (found (sudoku-test-wait
                             (lambda ()
                               (let ((diags (sudoku-test-diags)))
                                 (and (seq-every-p (lambda (w) (funcall hit w diags)) want) diags))))))
                (sudoku-test-check found (format "flymake shows duplicate-digit at the expected cells; got %S"
                                                 (sudoku-test-diags)))
                (dolist (d found)
                  (sudoku-test-check (string-prefix-p "sudoku" (nth 2 d))
                                     (format "diagnostic from source sudoku: %s" (nth 2 d))))
                ;; Hover an empty cell: the first line lists its candidates.
                (let* ((h (alist-get 'hover defect))
                       (_ (progn (goto-char (point-min))
                                 (forward-line (alist-get 'line h))
                                 (forward-char (alist-get 'utf16 h))))
                       (reply (jsonrpc-request (eglot-current-server) :textDocument/hover
                                               (eglot--TextDocumentPositionParams)))
                       (contents (plist-get reply :contents))
                       (text (if (stringp contents) contents (plist-get contents :value)))
                       (first (car (split-string (or text "") "\r?\n"))))
                  (sudoku-test-check (equal first (alist-get 'first_line h))
                                     (format "hover on %s starts with %S (got %S)"
                                             (alist-get 'cell h) (alist-get 'first_line h) first)))
                ;; Blank r1c8 again: the diagnostics must clear.
                (let ((r1c8 (seq-find (lambda (w) (equal (alist-get 'cell w) "r1c8")) want)))
                  (goto-char (point-min))
                  (forward-line (alist-get 'line r1c8))
                  (forward-char (alist-get 'utf16 r1c8))
                  (delete-char 1)
                  (insert ".")
                  ;; Batch mode runs no command loop: send the change now, as the idle timer would.
                  (eglot--signal-textDocument/didChange)
                  (sudoku-test-check (sudoku-test-wait (lambda () (null (flymake-diagnostics))))
                                     (format "diagnostics clear after the fix; got %S" (sudoku-test-diags))))))
            ;; The tutor on a copy of the sound puzzle, in the same Eglot session.
            (let* ((unique (alist-get 'unique expected))
                   (file (expand-file-name "tutor.sudoku" workdir))
                   (solved (with-temp-buffer
                             (insert-file-contents (expand-file-name (alist-get 'solved unique) fixtures))
                             (buffer-string))))
              (copy-file (expand-file-name (alist-get 'file unique) fixtures) file)
              (find-file file)
              (sudoku-test-check (sudoku-test-wait (lambda () (eglot-current-server)))
                                 "tutor.sudoku is managed by the server")
              ;; Batch mode runs no command loop, where Flymake would start on its own.
              (flymake-start)
              (sudoku-test-wait (lambda () (flymake-running-backends)))
              (goto-char (point-min))
              (re-search-forward "^[.1-9]")
              (backward-char)
              (let* ((before (buffer-string))
                     (step (sudoku-hint))
                     (technique (plist-get step :technique)))
                (sudoku-test-check (and (stringp technique) (> (length technique) 0))
                                   (format "sudoku-hint names a technique: %S" step))
                (dolist (word (split-string technique "-"))
                  (sudoku-test-check (string-match-p (regexp-quote word) (downcase (plist-get step :message)))
                                     (format "the hint %S names %s" (plist-get step :message) word)))
                (sudoku-test-check (equal before (buffer-string)) "sudoku-hint writes nothing")
                (sudoku-test-check
                 (sudoku-test-wait
                  (lambda () (seq-find (lambda (d) (string-match-p "\\[hint\\]" (nth 2 d))) (sudoku-test-diags))))
                 (format "hint diagnostics on the proving cells; got %S" (sudoku-test-diags)))
                (let ((title (sudoku-apply-next-step))
                      (after (buffer-string))
                      (changed 0))
                  (sudoku-test-check (string-match-p "\\`Apply next step: r[0-9]c[0-9] (" title)
                                     (format "the applied step's title: %s" title))
                  (dotimes (i (length after))
                    (unless (eq (aref after i) (aref before i))
                      (setq changed (1+ changed))
                      (sudoku-test-check (eq (aref after i) (aref solved i))
                                         (format "the applied step wrote the solution's digit at %d" i))))
                  (sudoku-test-check (> changed 0) "the applied step wrote a digit"))))
            ;; An .sdk file (another format the server reads): sudoku-mode, the server, and the
            ;; duplicate of row 1 (r1c1 and r1c8, grid line 4).
            (let ((file (expand-file-name "defect.sdk" workdir)))
              (copy-file (expand-file-name "defect.sdk" fixtures) file)
              (find-file file)
              (sudoku-test-check (eq major-mode 'sudoku-mode) "auto-mode-alist gives .sdk sudoku-mode")
              (sudoku-test-check (sudoku-test-wait (lambda () (eglot-current-server)))
                                 "defect.sdk is managed by the server")
              (flymake-start)
              (let ((at (lambda (col)
                          (seq-find (lambda (d)
                                      (and (= (nth 0 d) 3) (= (nth 1 d) col)
                                           (string-match-p "\\[duplicate-digit\\]" (nth 2 d))))
                                    (sudoku-test-diags)))))
                (sudoku-test-check (sudoku-test-wait (lambda () (and (funcall at 0) (funcall at 7))))
                                   (format "defect.sdk: duplicate-digit at r1c1 and r1c8; got %S"
                                           (sudoku-test-diags)))))
            (setq status 0))
        (error (sudoku-test-log "FAIL - %s" (error-message-string err))))
    (ignore-errors (let ((eglot-autoshutdown nil)) (eglot-shutdown (eglot-current-server))))
    (delete-directory workdir t)
    (sudoku-test-log "emacs: %d passed, %d failed" sudoku-test-passed (if (= status 0) 0 1))
    (kill-emacs status)))
;;; test.el ends here
