enum CodegenPlaceholder {}
