A finished game gets no answers as if it went on (issue 38, item 4): every
tool says the game is over the same way: the result "over", no moves, and in
JSON "winner" and "result":"over".

  $ echo 'h8 a1 i8 a2 j8 a3 k8 a4 l8' > five.txt
  $ gmk-eval five.txt
  h8a1i8a2j8a3k8a4l8	white	black	over	
  $ gmk-eval --json five.txt | grep -o '"candidates":.*'
  "candidates":[],"score":null,"result":"over"}
  $ gmk-solve five.txt; gmk-solve --vct --all five.txt; gmk-solve --defend five.txt
  h8a1i8a2j8a3k8a4l8	vcf	over	-
  h8a1i8a2j8a3k8a4l8	vct	over	-	-
  h8a1i8a2j8a3k8a4l8	defend-vcf	over	-
  $ gmk-solve --json five.txt
  {"position":"h8a1i8a2j8a3k8a4l8","rule":"freestyle","size":15,"to_move":"white","kind":"vcf","winner":"black","result":"over","line":[],"nodes":0,"ms":0.0}
  $ gmk-search five.txt | cut -f1-3
  h8a1i8a2j8a3k8a4l8	-	over
  $ gmk-search --json five.txt | cut -d, -f5-8
  "winner":"black","result":"over","best":null,"score":null
  $ printf 'h8 h9\t1-0\n' > g.txt; gmk-book build -q -o g.book g.txt
  $ gmk-book probe g.book five.txt; gmk-book probe --json g.book five.txt
  h8a1i8a2j8a3k8a4l8	over
  {"position":"h8a1i8a2j8a3k8a4l8","rule":"freestyle","size":15,"to_move":"white","winner":"black","result":"over","moves":[]}

A full board is over too, with no winner.

  $ printf 'xxoox\nooxxo\nxxoox\nooxxo\nxxoox\n' > full.txt
  $ gmk-eval full.txt | cut -f3,4; gmk-solve full.txt | cut -f3
  -	over
  over
  $ gmk-search --json full.txt | cut -d, -f5,6
  "winner":null,"result":"over"
