"""The vocabulary every layer speaks: boards and solutions, instances, rules, symmetries, records, errors."""
