// The declaration in include/FuzzerDriver.h is all this target carries; libFuzzer defines it.
#include "FuzzerDriver.h"
