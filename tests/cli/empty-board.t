The empty board in line notation (issue 38, item 12): "-" or an empty move
list before a TAB; text output writes it as "-" (a field that reads back),
JSON as "".

  $ printf -- '-\n\tcarried\n - \tx\n' | gmk-eval -n 1
  -	black	-	7	h8
  -	black	-	7	h8	carried
  -	black	-	7	h8	x
  $ printf -- '-\n' | gmk-eval -n 1 | gmk-eval -n 1 | cut -f1
  -
  $ printf -- '-\n' | gmk-solve; printf -- '-\n' | gmk-search --depth 1 | cut -f1,2
  -	vcf	nowin	-
  -	h8
  $ printf 'h8 h9\t1-0\n' > g.txt; gmk-book build -q -o g.book g.txt && printf -- '-\n' | gmk-book probe g.book
  -	h8:1:1:0:0:0.667
  $ printf -- '-\n' | gmk-eval --json -n 0 | cut -d, -f1
  {"position":""
  $ printf -- '- h8\n' | gmk-eval -n 0
  gmk-eval: <stdin>:1: bad token '-'
  [1]
