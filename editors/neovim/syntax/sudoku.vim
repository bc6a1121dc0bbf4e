" Vim syntax file for .sudoku puzzle files (the sudoku-lsp format, version 1).
" A line is a comment, a directive, a separator, a one-line puzzle or a grid row; when several
" match at the start of a line, the item defined last wins, so the order below matters.
if exists('b:current_syntax')
  finish
endif

" Cells: givens (1-9, then letters for 10 and up), blanks, and in-row box separators.
syn match sudokuGiven    /[1-9A-Pa-p]/ contained
syn match sudokuNumber   /\%(^\|[[:space:],]\)\@<=[1-9][0-9]\ze\%([[:space:],]\|$\)/ contained
syn match sudokuBlank    /[.0_x*-]/ contained
syn match sudokuBoxSep   /[|,\u2502\u2503\u2551]/ contained
syn match sudokuTrailingComment /\%(\s\)\@<=#.*$/ contained
syn match sudokuSlashComment    /\/\/.*$/ contained

" A grid row: cells, separators and spaces, maybe a comment at the end.
syn match sudokuRow /^\s*[0-9A-Za-z._*|,\u2502\u2503\u2551-].*$/
      \ contains=sudokuTrailingComment,sudokuSlashComment,sudokuNumber,sudokuGiven,sudokuBlank,sudokuBoxSep

" A separator line: border characters and spaces, with at least three horizontal strokes.
syn match sudokuSeparator /^\%(.\{-}[-=\u2500\u2501\u2550]\)\{3}\&[-=+|*.:'[:space:]\u2500-\u257f]\+$/

" A one-line puzzle: the first field holds N*N cells; what follows is a trailing field.
syn match sudokuOneLiner /^\%(\S\{625}\|\S\{256}\|\S\{144}\|\S\{81}\|\S\{64}\|\S\{36}\|\S\{16}\)\%(\s.*\)\=$/
      \ contains=sudokuCells,sudokuTrailingField,sudokuTrailingComment,sudokuSlashComment
syn match sudokuCells /^\S\+/ contained contains=sudokuGiven,sudokuBlank,sudokuBoxSep
syn match sudokuTrailingField /\%(\s\)\@<=[^#[:space:]]\S*/ contained

" A directive `@key value`; known keys are keywords, others stand out as unknown.
syn match sudokuDirective /^\s*@\S*/ contains=sudokuDirectiveKey,sudokuDirectiveUnknown nextgroup=sudokuDirectiveValue skipwhite
syn match sudokuDirectiveUnknown /@\S*/ contained
syn match sudokuDirectiveKey /@\%(title\|author\|source\|url\|date\|id\|tags\|level\|rating\|size\|box\|symbols\|solution\|allow\)\>/ contained
syn match sudokuDirectiveValue /.*$/ contained contains=sudokuTrailingComment

" A comment line.
syn match sudokuComment /^\s*#.*$/

hi def link sudokuComment          Comment
hi def link sudokuTrailingComment  Comment
hi def link sudokuSlashComment     Comment
hi def link sudokuDirectiveKey     PreProc
hi def link sudokuDirectiveUnknown WarningMsg
hi def link sudokuDirectiveValue   String
hi def link sudokuGiven            Number
hi def link sudokuNumber           Number
hi def link sudokuBlank            NonText
hi def link sudokuBoxSep           Delimiter
hi def link sudokuSeparator        Delimiter
hi def link sudokuTrailingField    String

let b:current_syntax = 'sudoku'
