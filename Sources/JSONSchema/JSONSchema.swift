/// JSON Schema draft 2020-12 over located YAML nodes. Being written.
import AccordionYAML
