/// The accordion spec: bundled schema, semantic rules, typed decoding. Being written.
import AccordionYAML
