# cmake -DOUT=... -DHW_DIR=... -DFILES=a.v,b.v -P embed_hw.cmake
# A file's `include "hc_assert.vh"` line is replaced by hw/include/hc_assert.vh
# itself, so that the folders `generate` writes need no include path.
string(REPLACE "," ";" FILES "${FILES}")
file(READ ${HW_DIR}/include/hc_assert.vh assert_vh)
set(body "// Generated from hw/*.v by gen/embed_hw.cmake.\n#include \"emit/hw_sources.h\"\n\nnamespace hypercast {\n\nconst std::vector<HwSource>& hwSources() {\n  static const std::vector<HwSource> sources = {\n")
foreach(f ${FILES})
  file(READ ${HW_DIR}/${f} text)
  string(REPLACE "`include \"hc_assert.vh\"\n" "${assert_vh}" text "${text}")
  string(APPEND body "      {\"${f}\", R\"HCV(${text})HCV\"},\n")
endforeach()
string(APPEND body "  };\n  return sources;\n}\n\n}  // namespace hypercast\n")
file(WRITE ${OUT}.tmp "${body}")
file(RENAME ${OUT}.tmp ${OUT})
