// libyaml's public API, as Debian's libyaml-dev installs it.
#include <yaml.h>
