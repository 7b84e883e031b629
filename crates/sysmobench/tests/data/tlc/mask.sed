# Masks the volatile parts of TLC output (see README.md). Usage: sed -E -f mask.sed expected.out
s/^Running breadth-first search Model-Checking with fp [0-9]+ and seed -?[0-9]+ with .*$/Running breadth-first search Model-Checking with fp <FP> and seed <SEED> with <ENV>/
s/^Parsing file .*\/([^/]+\.tla) \(jar:file:.*\)$/Parsing file <STDLIB>\/\1/
s/^Parsing file [^<].*\/([^/]+\.tla)$/Parsing file <DIR>\/\1/
s/[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}/<TIME>/g
s/^Finished in [0-9]+(ms|s|min|h)? at/Finished in <DURATION> at/
s/^Finished in .* at \(/Finished in <DURATION> at (/
s/^Finished checking temporal properties in .* at /Finished checking temporal properties in <DURATION> at /
s/\([0-9,]+ s\/min\)/(<RATE> s\/min)/
s/\([0-9,]+ ds\/min\)/(<RATE> ds\/min)/
s/^  calculated \(optimistic\):  val = .*$/  calculated (optimistic):  val = <PROB>/
s/^  based on the actual fingerprints:  val = .*$/  based on the actual fingerprints:  val = <PROB>/
