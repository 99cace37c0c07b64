# Prints a rewritten host file without the `#line` directives that put each line of a loop's
# prologue on the loop's line, so that tests of the prologue's code read it as one block. The
# directive after the prologue (before the user's `for`) is kept. Emit/saxpy.test checks the
# directives themselves.
/^#line / { held = $0; next }
{
  if (held != "" && !in_prologue && $0 !~ /\{ \/\* gpupar: /)
    print held
  held = ""
  if ($0 ~ /\{ \/\* gpupar: /)
    in_prologue = 1
  print
  if (in_prologue && $0 ~ /\{ \{$/)
    in_prologue = 0
}
END { if (held != "") print held }
