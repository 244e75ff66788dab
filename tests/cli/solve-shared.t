gmk-solve on third-party puzzles of ../shared/data (the whole acceptance
run is `bash puzzles/lfz084.sh`).

#requires: -d "$GMK_SHARED"

三手胜五子棋题解 #119 (lfz084): white's VCT ends in a four whose block is a
double three for black, and one of black's threes is real only while the
point that makes it a straight four is not forbidden in turn. A black stone
near that point (l8) changes it, so it is a defence: without it among the
defences the proof was refuted by the checker in every round (unknown).

  $ awk -F'\t' '$1 == "三手胜五子棋题解_puzzle" && $2 == 119 {print $8}' "$GMK_SHARED"/puzzles/lfz084.tsv | gmk-solve -r renju --vct --threes 99 --json | grep -o '"result":"[a-z]*"\|"verified":[a-z]*'
  "result":"win"
  "verified":true
