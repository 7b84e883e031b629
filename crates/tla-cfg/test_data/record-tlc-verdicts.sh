#!/usr/bin/env bash
# Records the real TLC's verdict on every cfg fixture into tlc-verdicts.tsv.
#
#   TLA2TOOLS_JAR=/path/to/tla2tools.jar crates/tla-cfg/test_data/record-tlc-verdicts.sh
#
# parse/*.cfg are run with parse/Spec.tla, validate/*.cfg with validate/V.tla, each in a scratch
# folder. Columns: fixture, TLC's exit status, then either `accepted` (TLC got past reading the
# cfg file: it started parsing the spec) or the Java exception class TLC reports (`-` for a
# plain "Error: ..." message), and the message with line breaks written as \n. For validation
# fixtures the message is the first error TLC reports (or `-` when it reports none about the
# cfg file).
set -euo pipefail
jar=${TLA2TOOLS_JAR:?set TLA2TOOLS_JAR to a tla2tools.jar}
here=$(cd "$(dirname "$0")" && pwd)
out=$here/tlc-verdicts.tsv
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
version=$(cd "$scratch" && java -cp "$jar" tlc2.TLC -version 2>&1 | grep -m1 'TLC2 Version' || true)
{
  echo "# Real TLC verdicts on the cfg fixtures. $version"
  echo "# Regenerate with record-tlc-verdicts.sh; read by tests/fixtures.rs."
  echo -e "# fixture\texit\tclass\tmessage"
} > "$out"
for group in parse validate; do
  spec=$([ $group = parse ] && echo Spec || echo V)
  for cfg in "$here/$group"/*.cfg; do
    name=$(basename "$cfg" .cfg)
    rm -rf "${scratch:?}"/*
    cp "$here/$group/$spec.tla" "$scratch/"
    cp "$cfg" "$scratch/$name.cfg"
    set +e
    text=$(cd "$scratch" && timeout 120 java -XX:+UseParallelGC -cp "$jar" tlc2.TLC -nowarning \
      -config "$name.cfg" "$spec.tla" 2>&1)
    status=$?
    set -e
    class=-
    message=-
    if grep -q '^The exception was a ' <<<"$text"; then
      class=$(grep -m1 '^The exception was a ' <<<"$text" | sed 's/^The exception was a //')
      # The message runs from ": ..." to the next line starting with a known TLC line.
      message=$(awk '/^The exception was a /{grab=1; next}
        grab && /^(Finished in|[0-9]+ states generated|Starting\.\.\.|Computing initial)/{exit}
        grab{print}' <<<"$text" | sed '1s/^: //')
    elif grep -q '^Error: ' <<<"$text"; then
      message=$(awk '/^Error: /{grab=1; sub(/^Error: /, "")}
        grab && /^(Finished in|[0-9]+ states generated|While working|Error: The error occurred|Error: The behavior)/{exit}
        grab{print}' <<<"$text")
    fi
    if [ $group = parse ] && grep -q '^Parsing file' <<<"$text" && [ "$class" = - -o "$class" != "${class#tlc2.tool.ConfigFileException}" ] && ! grep -q 'ConfigFileException\|NumberFormatException\|NullPointerException' <<<"$text"; then
      class=accepted
      message=-
    fi
    message=$(printf '%s' "$message" | sed -e ':a' -e 'N' -e '$!ba' -e 's/\n/\\n/g')
    printf '%s/%s\t%s\t%s\t%s\n' "$group" "$name" "$status" "$class" "$message" >> "$out"
  done
done
echo "wrote $out"
