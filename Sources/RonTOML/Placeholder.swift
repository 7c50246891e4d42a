public enum RonTOMLPlaceholder {}
