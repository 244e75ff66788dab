gmk-solve --defend names what it prints so that it reads right (issue 38,
item 8): the third field says whether the opponent has a threat (it said
"win", the opponent's), the fourth lists the defences.

  $ echo 'h8 a1 i8 a2 j8 a3 o15' | gmk-solve --defend
  h8a1i8a2j8a3o15	defend-vcf	threat	a4a5g8k8
  $ echo 'h8 a1' | gmk-solve --defend
  h8a1	defend-vcf	nothreat	-
  $ echo 'h8 a1 i8 a2 j8 a3 o15' | gmk-solve --defend --json | grep -o '"result".*"defences":[^]]*]'
  "result":"threat","threat":["g8","f8","k8"],"defences":["a4","a5","g8","k8"]
