# Turns a data file into a C source file holding its text as a char array:
#   cmake -DIN=file -DOUT=file.c -DSYMBOL=name -P embed.cmake
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
# Written beside and renamed: a compiler never reads a half-written file.
file(WRITE "${OUT}.tmp" "/* generated from ${IN}; do not edit */\nconst char ${SYMBOL}[] = {${body} 0};\n")
file(RENAME "${OUT}.tmp" "${OUT}")
