# cmake -DIN=file -DOUT=file.cpp -DSYMBOL=name -DNAMESPACE=ns -P EmbedText.cmake
# Writes OUT defining `extern const char SYMBOL[]` holding IN's bytes, so
# TorchScript library sources ship inside the binary (no files at run time).
file(READ "${IN}" content)
string(FIND "${content}" ")JSEMBED\"" bad)
if(NOT bad EQUAL -1)
  message(FATAL_ERROR "${IN} contains the raw-string delimiter )JSEMBED\"")
endif()
file(WRITE "${OUT}.tmp" "// Generated from ${IN} by cmake/EmbedText.cmake. Do not edit.\nnamespace ${NAMESPACE} {\nextern const char ${SYMBOL}[];\nconst char ${SYMBOL}[] = R\"JSEMBED(${content})JSEMBED\";\n}  // namespace ${NAMESPACE}\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
